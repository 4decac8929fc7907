inline int a = 1;
inline int b = a + b;
inline int c[int n] = c[n - 1] + b;
inline string s = s;
BEGIN { trace(a + b + c[2]); trace(s); }
