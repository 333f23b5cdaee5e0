explain golden/explain/inactive-list.yaml lee jackson stuart
