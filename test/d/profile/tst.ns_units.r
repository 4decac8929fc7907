profile ns
profile nsec
tick ns
tick nsec

