#!/bin/sh
# The example game logs in logs/ replay as they document: clean games draw
# nothing, and the disputed one draws exactly the diagnostics its
# `# expect:` comments name.   usage: examples.sh ADJUTANT PROJECT_DIR
set -eu
cd "$2"
exec python3 tests/expect.py "$1" logs/*.yaml
