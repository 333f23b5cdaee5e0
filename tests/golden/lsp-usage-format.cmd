lsp --format json
