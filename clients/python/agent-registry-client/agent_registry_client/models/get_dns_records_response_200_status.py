from enum import StrEnum


class GetDnsRecordsResponse200Status(StrEnum):
    SUCCESS = "success"

    def __str__(self) -> str:
        return str(self.value)
