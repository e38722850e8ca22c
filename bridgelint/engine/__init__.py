"""The engine: the pipeline that takes files to findings, with discovery, inputs, configuration, suppression,
event checks, fixing and runs on several processes."""
