from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.batch_response_200_status import BatchResponse200Status

if TYPE_CHECKING:
    from ..models.batch_response_200_results_item import BatchResponse200ResultsItem


T = TypeVar("T", bound="BatchResponse200")


@_attrs_define
class BatchResponse200:
    """
    Attributes:
        status (BatchResponse200Status):
        results (list[BatchResponse200ResultsItem]): One per operation, in order; each stands alone (one refused leaves
            the others done)
    """

    status: BatchResponse200Status
    results: list[BatchResponse200ResultsItem]

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "results": results,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_response_200_results_item import BatchResponse200ResultsItem  # noqa: PLC0415

        d = dict(src_dict)
        status = BatchResponse200Status(d.pop("status"))

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = BatchResponse200ResultsItem.from_dict(results_item_data)

            results.append(results_item)

        batch_response_200 = cls(
            status=status,
            results=results,
        )

        return batch_response_200
