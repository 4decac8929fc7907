shapes`geo::Shape::spin(double) const: yes
shapes`void geo::run<geo::Shape>(geo::Shape const&, double): yes
shapes`main: yes
shapes`_ZNK3geo5Shape4spinEd: yes
shapes`_ZN3geo3runINS_5ShapeEEEvRKT_d: yes
ufunc: yes
uaddr: yes
