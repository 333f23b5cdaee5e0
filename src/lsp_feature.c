/*
 * lsp_feature.c - the requests on an open log beyond its diagnostics
 * (SPEC 14): hover, go to definition, completion, the quick fix.
 */
#include "lsp_server.h"

json_t *lsp_hover(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc, size_t off)
{
    (void)d, (void)c, (void)enc, (void)off;
    return json_null();
}

json_t *lsp_definition(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc, size_t off)
{
    (void)d, (void)c, (void)enc, (void)off;
    return json_null();
}

json_t *lsp_completion(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc, size_t off)
{
    (void)d, (void)c, (void)enc, (void)off;
    return json_null();
}

json_t *lsp_symbols(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc)
{
    (void)d, (void)c, (void)enc;
    return json_array();
}

json_t *lsp_code_actions(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc, json_t *diags)
{
    (void)d, (void)c, (void)enc, (void)diags;
    return json_array();
}
