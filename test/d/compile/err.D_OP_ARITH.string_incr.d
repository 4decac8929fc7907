/*
 * ASSERTION: ++ on an associative array element of string type is
 * refused.
 */
BEGIN { a["k"] = "v"; a["k"]++; }
