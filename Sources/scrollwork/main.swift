Scrollwork.main()
