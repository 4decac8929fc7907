spin-link`hidden_leaf: yes
spin-link`hidden_mid: yes
spin-dot`hidden_leaf: yes
spin-dot`hidden_leaf: no
spin-id`hidden_leaf: yes
spin-id`hidden_mid: yes
