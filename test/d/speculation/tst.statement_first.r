speculated on 1

