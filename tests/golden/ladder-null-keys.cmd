ladder golden/ladder-null-keys
