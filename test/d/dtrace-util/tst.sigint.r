started

end

               42
rc=0
