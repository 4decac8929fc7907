start
              FRAME
end

