explain logs/diag/replace-not-gone--self.yaml lee
