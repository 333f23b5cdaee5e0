status --format json golden/status/order-by-line.yaml
