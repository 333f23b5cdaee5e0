explain golden/explain/story.yaml lee grant jackson meade ewell
