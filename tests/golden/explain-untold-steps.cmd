explain --ruling repeat-wound=longer golden/explain/untold.yaml lee
