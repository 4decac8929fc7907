[abcd] [abcd] [abcd] [ab] [abc]
[0] [7] [007]

