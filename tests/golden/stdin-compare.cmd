compare - --ruling recovery=full-turns
