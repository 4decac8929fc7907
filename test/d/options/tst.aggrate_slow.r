tick 1
tick 1
tick 1
end 4

