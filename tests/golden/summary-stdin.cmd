audit --summary -
