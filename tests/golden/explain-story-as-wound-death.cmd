explain --ruling repeat-illness=as-wound golden/explain/story.yaml jackson
