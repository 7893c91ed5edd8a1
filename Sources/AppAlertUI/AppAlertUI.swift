// AppAlertUI: see the files of this target; each compiles only where its framework exists.
