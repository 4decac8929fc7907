start
              FRAME
end
