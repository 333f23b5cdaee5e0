ladder golden/ladder-ratings-bad
