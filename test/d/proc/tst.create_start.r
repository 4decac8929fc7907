start in the created child

