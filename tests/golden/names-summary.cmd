audit --summary golden/names
