42 forty

