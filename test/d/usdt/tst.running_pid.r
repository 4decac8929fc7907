provider pid select N
provider pid select N
provider pid select N
tick

