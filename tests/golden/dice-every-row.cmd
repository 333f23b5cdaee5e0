dice logs/rules/ill-leader-stays-in-play.yaml
