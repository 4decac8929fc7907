42 forty
