explain golden/explain/mutants.yaml jackson ewell lee longstreet grant hooker
