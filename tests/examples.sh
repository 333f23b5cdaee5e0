#!/bin/sh
# The example game logs in logs/ and logs/ladder/ replay as they document:
# clean games draw nothing, and the disputed ones draw exactly the
# diagnostics their `# expect:` comments name.   usage: examples.sh ADJUTANT PROJECT_DIR
set -eu
cd "$2"
exec python3 tests/expect.py "$1" logs/*.yaml logs/ladder/*.yaml
