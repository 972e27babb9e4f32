print("chat-demo placeholder")
