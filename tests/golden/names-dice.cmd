dice golden/names
