// ChatDemoCore: transcript model, persistence and the scenario runner.
