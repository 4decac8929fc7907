stap-sdt:main:work 1 100 one
stap-sdt:main:work 2 200 two
stap-sdt:main:work 3 300 three
done: work enabled 3 times

exit 0
only done: work enabled 0 times

exit 0
