lsp logs
