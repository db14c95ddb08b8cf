from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BatchResponse200ResultsItem")


@_attrs_define
class BatchResponse200ResultsItem:
    """
    Attributes:
        index (int):
        op (str):
        status (int): What the operation’s own route would have answered
        body (Any): Its own body: its 200, or its error
    """

    index: int
    op: str
    status: int
    body: Any

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        op = self.op

        status = self.status

        body = self.body

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "op": op,
                "status": status,
                "body": body,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        index = d.pop("index")

        op = d.pop("op")

        status = d.pop("status")

        body = d.pop("body")

        batch_response_200_results_item = cls(
            index=index,
            op=op,
            status=status,
            body=body,
        )

        return batch_response_200_results_item
