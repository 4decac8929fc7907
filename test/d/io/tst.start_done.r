
done
start: length a multiple of 512 1
