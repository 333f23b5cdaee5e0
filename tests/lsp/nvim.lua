-- SPDX-License-Identifier: MIT
-- tests/lsp/nvim.lua: Neovim's own LSP client (0.7.2, headless) drives
-- `adjutant lsp` over the logs listed in ADJ_LSP_PLAN (a JSON file that
-- tests/lsp/nvim.py writes), makes the plan's edits, and writes what the
-- client holds after each step (vim.diagnostic.get, the buffer's text,
-- the answers of buf_request_sync) to ADJ_LSP_OUT as JSON.
local plan = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('ADJ_LSP_PLAN')), '\n'))
local published = {}  -- uri -> the versions published
local client_id = vim.lsp.start_client({
  cmd = {plan.exe, 'lsp'},
  root_dir = plan.root,
  flags = {debounce_text_changes = 0},
  handlers = {
    ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
      published[result.uri] = result.version or -1
      vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
    end,
  },
})
local out = {steps = {}, errors = {}}

local function wait_for(buf, uri)
  local want = vim.lsp.util.buf_versions[buf]
  local ok = vim.wait(10000, function()
    return published[uri] ~= nil and (want == nil or published[uri] == want)
  end, 5)
  if not ok then
    table.insert(out.errors, 'no diagnostics for ' .. uri .. ' version ' .. tostring(want))
  end
end

local function record(buf, file, label)
  local ds = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(ds, {lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
                      severity = d.severity, message = d.message, source = d.source,
                      code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code),
                      related = d.user_data and d.user_data.lsp and d.user_data.lsp.relatedInformation})
  end
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  table.insert(out.steps, {file = file, label = label, diags = ds,
                           text = table.concat(lines, '\n') .. '\n'})
end

local function request(buf, method, params)
  local r = vim.lsp.buf_request_sync(buf, method, params, 10000)
  if not r or not r[client_id] then
    table.insert(out.errors, 'no answer to ' .. method)
    return vim.NIL
  end
  return r[client_id].result or vim.NIL
end

for _, f in ipairs(plan.files) do
  local buf = vim.fn.bufadd(f.path)
  vim.fn.bufload(buf)
  vim.bo[buf].buflisted = true
  local uri = vim.uri_from_bufnr(buf)
  vim.lsp.buf_attach_client(buf, client_id)
  wait_for(buf, uri)
  record(buf, f.path, 'open')
  for i, e in ipairs(f.edits or {}) do
    if e.set_lines then
      vim.api.nvim_buf_set_lines(buf, e.set_lines[1], e.set_lines[2], false, e.lines)
    elseif e.set_text then
      local t = e.set_text
      vim.api.nvim_buf_set_text(buf, t[1], t[2], t[3], t[4], e.lines)
    end
    wait_for(buf, uri)
    record(buf, f.path, 'edit ' .. i)
  end
  for _, q in ipairs(f.requests or {}) do
    local params = {textDocument = {uri = uri}}
    if q.position then
      params.position = {line = q.position[1], character = q.position[2]}
    end
    if q.method == 'textDocument/codeAction' then
      params.range = {start = {line = 0, character = 0}, ['end'] = {line = 0, character = 0}}
      params.context = {diagnostics = {}}
    end
    table.insert(out.steps, {file = f.path, label = q.method, request = q,
                             result = request(buf, q.method, params)})
  end
end
vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.client_is_stopped(client_id) end, 10)
vim.fn.writefile({vim.fn.json_encode(out)}, os.getenv('ADJ_LSP_OUT'))
vim.cmd('qall!')
