ladder golden
