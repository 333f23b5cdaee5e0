-- SPDX-License-Identifier: MIT
-- tests/lsp/nvim.lua: Neovim's own LSP client (0.7.2, headless) drives
-- `adjutant lsp` over the logs listed in ADJ_LSP_PLAN (a JSON file that
-- tests/lsp/nvim.py writes). The server is started as a user starts it:
-- by docs/editors.md's init.lua (nvim.py loads it with -u), when a YAML
-- buffer is loaded. This script makes the plan's edits, uses the doc's
-- mappings (K, gd, the omnifunc) where the plan says, and writes what the
-- client holds after each step (vim.diagnostic.get, the buffer's text, the
-- answers of buf_request_sync, the hover window, the cursor) to
-- ADJ_LSP_OUT as JSON.
local plan = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('ADJ_LSP_PLAN')), '\n'))
local published = {}  -- uri -> the versions published
local on_publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  published[result.uri] = result.version or -1
  on_publish(err, result, ctx, config)
end
local out = {steps = {}, errors = {}}
local client_id

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

-- The doc's mappings as a user types them: K (a hover window), gd (the
-- cursor moves), the omnifunc (<C-x><C-o>: its items, complete() caught).
local function keys(buf, k)
  local got = {update_in_insert = vim.diagnostic.config().update_in_insert,
               omnifunc = vim.bo[buf].omnifunc,
               map_K = vim.fn.maparg('K', 'n', false, true).callback ~= nil,
               map_gd = vim.fn.maparg('gd', 'n', false, true).callback ~= nil}
  vim.api.nvim_win_set_cursor(0, {k.hover[1] + 1, k.hover[2]})
  vim.cmd('normal K')
  vim.wait(10000, function()
    for _, w in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(w).relative ~= '' then
        got.hover = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(w), 0, -1, false)
        return true
      end
    end
    return false
  end, 10)
  for _, w in ipairs(vim.api.nvim_list_wins()) do  -- the hover closed
    if vim.api.nvim_win_get_config(w).relative ~= '' then vim.api.nvim_win_close(w, true) end
  end
  vim.api.nvim_win_set_cursor(0, {k.definition[1] + 1, k.definition[2]})
  vim.cmd('normal gd')
  vim.wait(10000, function() return vim.api.nvim_win_get_cursor(0)[1] ~= k.definition[1] + 1 end, 10)
  got.gd = vim.api.nvim_win_get_cursor(0)
  vim.api.nvim_win_set_cursor(0, {k.complete[1] + 1, k.complete[2]})
  local complete, mode = vim.fn.complete, vim.fn.mode  -- as in Insert mode, complete() caught
  vim.fn.complete = function(col, items) got.omni = items end
  vim.fn.mode = function() return 'i' end
  local omnifunc = vim.bo[buf].omnifunc:match('^v:lua%.(.*)$')  -- the doc's, when it sets one
  if omnifunc then
    loadstring('return ' .. omnifunc)()(1, '')
    vim.wait(10000, function() return got.omni ~= nil end, 10)
  end
  vim.fn.complete, vim.fn.mode = complete, mode
  local words = {}
  for _, item in ipairs(got.omni or {}) do table.insert(words, item.word) end
  got.omni = words
  return got
end

local function run()
for _, f in ipairs(plan.files) do
  local buf = vim.fn.bufadd(f.path)
  vim.fn.bufload(buf)  -- its FileType starts the doc's client and attaches it
  vim.bo[buf].buflisted = true
  vim.api.nvim_set_current_buf(buf)
  local uri = vim.uri_from_bufnr(buf)
  vim.wait(10000, function() return #vim.lsp.get_active_clients() > 0 end, 5)  -- initialized
  client_id = client_id or (vim.lsp.get_active_clients()[1] or {}).id
  if not client_id then
    table.insert(out.errors, 'the doc\'s init.lua started no client for ' .. f.path)
    break
  end
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
  if f.keys ~= nil and f.keys ~= vim.NIL then
    table.insert(out.steps, {file = f.path, label = 'keys', keys = keys(buf, f.keys)})
  end
end
end

local ok, err = pcall(run)  -- an error is reported, never left waiting for a key
if not ok then
  table.insert(out.errors, 'nvim.lua: ' .. tostring(err))
end
if client_id then
  vim.lsp.stop_client(client_id)
  vim.wait(2000, function() return vim.lsp.client_is_stopped(client_id) end, 10)
end
vim.fn.writefile({vim.fn.json_encode(out)}, os.getenv('ADJ_LSP_OUT'))
vim.cmd('qall!')
