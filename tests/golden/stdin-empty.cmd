audit -
