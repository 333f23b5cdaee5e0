audit --ruling weather=rain ../logs/seven-days-1862.yaml
