0
spin-mini`hidden_leaf: yes
spin-mini`hidden_mid: yes
spin-mini`main: yes
spin-bare`hidden_leaf: no
