status golden/status
