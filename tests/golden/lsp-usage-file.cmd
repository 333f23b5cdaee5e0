lsp logs/quickstart.yaml
