k:
              FRAME

%a as sym(): yes
func() and mod(): yes

