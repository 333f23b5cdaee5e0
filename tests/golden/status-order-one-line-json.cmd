status --format json golden/status/order-one-line.yaml
