CPU     ID                    FUNCTION:NAME
  #      1                           :BEGIN struct load_weight {
    unsigned long weight = 0x100000
    u32 inv_weight = 0x400000
}char [16] [ "dtrace" ]

-- @@stderr --
dtrace: script 'tst.struct.d' matched 1 probe
