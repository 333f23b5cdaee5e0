audit --format html -
