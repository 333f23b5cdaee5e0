dice mutate
